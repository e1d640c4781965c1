"""The rules decisions the app commits to, in our own words, with where each comes from
(the Help screen lists them; DESIGN.md has the same table). Each text is a message of the
catalogue (``N_``), shown through it where it is read."""

from __future__ import annotations

from companion.i18n import N_

RULES_DECISIONS: list[tuple[str, str, str]] = [
    (
        N_("Which rulebook"),
        N_(
            "Where the retail rulebook and the v19 draft disagree, the app follows the retail "
            "one; the draft only fills what the retail text lost."
        ),
        N_("project choice"),
    ),
    (
        N_("Treasury icon"),
        N_(
            "Each Treasury icon moves Frederick's Treasury by one step, and a step is worth 3 "
            "Augustales."
        ),
        N_("rulebook examples"),
    ),
    (
        N_("Frederick's edicts"),
        N_(
            "Frederick always adds and never removes. Whatever would go past a track's cap is "
            "dropped. His Specialist advances on Path A only; he pays no Grain, earns no City "
            "Bonus and takes no Workplace Edict token."
        ),
        N_("solo rules; project decision"),
    ),
    (
        N_("Empty Active space"),
        N_(
            "If the numbered Active space is empty, Frederick uses the next one round the cycle "
            "I, II, III, back to I."
        ),
        N_("solo rules"),
    ),
    (
        N_("Refilling after Frederick"),
        N_(
            "The tile that Frederick used is replaced from the Next space at the same height; if "
            "that one is empty, from the next Next space in the cycle."
        ),
        N_("solo rules"),
    ),
    (
        N_("Your edicts"),
        N_(
            "You pick the Active tile and, for each kind of icon, whether to add or remove. "
            "Icons of one kind all go the same way. If a kind cannot be removed it has to be "
            "added, and the other way round. You pick which Next tile moves up."
        ),
        N_("core rules"),
    ),
    (
        N_("Neither way fits"),
        N_(
            "When a kind of icon can be neither fully added nor fully removed, you choose the "
            "direction and the track moves as far as it can (to its top or to 0); the log line "
            "says so."
        ),
        N_("project decision"),
    ),
    (
        N_("Edict rewards"),
        N_(
            "Every Edict you issue gives the reward printed under its Active space; the app asks "
            "once what is printed there and remembers it. With no Active tile left you still "
            "take one of the three rewards. You take the reward first and then resolve the "
            "icons, as the rulebook orders it; games saved before version 3 of the file keep the "
            "icons first, as they were recorded."
        ),
        N_("core rules"),
    ),
    (
        N_("Crowns"),
        N_(
            "Count crowns from the last shuffle. When the second one shows, all 16 solo cards "
            "are shuffled together once Frederick's turn is over (not at once)."
        ),
        N_("solo rules"),
    ),
    (
        N_("Your turn and the round"),
        N_(
            "Each turn you may travel, then you play one card into a free card slot: 5 slots, 6 "
            "once the Keep cover takes the Card Slot tile off. Your turn ends when what the card "
            "triggers is done. With no free slot left your round is over: Frederick takes his "
            "remaining actions (at most 5 a round) and the End Phase follows; after a 6th card "
            "he takes none."
        ),
        N_("solo rules"),
    ),
    (
        N_("Passing"),
        N_(
            "The rules let you pass only with no card in hand. The app counts your hand: 5 at "
            "setup, one less per card played, one more per card bought or drawn, one less for a "
            "card of your hand given up for a Purchase, topped up to your hand size when a round "
            "ends. Pass opens only with none left. An older saved game does not count it: there "
            "the app asks and takes your word. Frederick then takes his remaining actions."
        ),
        N_("solo rules; project decision"),
    ),
    (
        N_("Building"),
        N_(
            "A Build resolves in this order: its costs, the bonus of a side it closes, your "
            "Workplace benefits, the Keep cover, the Great Structure's bonus, then the Edict of "
            "its space (every Keep, and a Tower or Wall whose space shows the mark)."
        ),
        N_(
            "rulebook: appendix, Great Structures ('Important': costs, side, Workplace, finally "
            "the Great bonus); Build examples 1 and 2 (the Edict after the bonus)"
        ),
    ),
    (
        N_("Castle sides"),
        N_(
            "Each of the five sides shows one of the five incomes (Stone, Grain, Augustalis, VP, "
            "a Market visit). The Castle Board data says which side shows which (assumed until "
            "you check your board); a closed side pays at once and again at every End Phase."
        ),
        N_("rulebook; the layout is not in our text"),
    ),
    (
        N_("Capacity"),
        N_(
            "Your board hosts 1 Ally, plus 1 for each Tower you build, and stores 3 resources, "
            "plus 1 for each Wall you build. Beyond that you put back the excess (Grain or "
            "Stone, your choice)."
        ),
        N_("draft v19 (the retail text lost the icons)"),
    ),
    (
        N_("Workplace abilities"),
        N_(
            "Our rules text lists the abilities in mixed-up columns. The app names them by our "
            "reading and always shows the ability's text, so pick by what your tile shows. "
            "Village II D is printed in neither text (the retail appendix lists 15 abilities for "
            "16 spaces): the tile can be placed, its ability does nothing in the app, and you "
            "apply what your tile shows by hand (with a correction)."
        ),
        N_("rulebook: appendix, Workplace tiles; draft v19 (8 tiles, 16 spaces)"),
    ),
    (
        N_("Houses"),
        N_(
            "The four Houses are Savoy, Wittelsbach, Di Romano and Hohenstaufen. The retail "
            "appendix keeps only three House headings for four Houses, and a gap follows the Di "
            "Romano heading before the two cards under it, so a heading and a pair of cards were "
            "lost there. A published review describes those two cards as Wittelsbach's, and the "
            "app follows it; Di Romano's own two are not in our sources, so the app asks what "
            "your card does the first time you play it."
        ),
        N_("rulebook: appendix, House Action cards; a published review"),
    ),
    (
        N_("Removing Allies"),
        N_(
            "Frederick only takes a face-up Ally. A face-down Ally left uncovered stays where it "
            "is and is turned up during reorganisation."
        ),
        N_("project decision"),
    ),
    (
        N_("End of the game"),
        N_(
            "The game ends once a round is over in which your castle was completed, an Active "
            "Edict space could not be refilled, or the Voyage board could not be fully restocked "
            "with Advanced Action cards."
        ),
        N_("core rules"),
    ),
    (
        N_("Most Structures"),
        N_(
            "By default you score the +4 VP always: no solo rule compares your castle with "
            "Frederick's and he scores nothing, so you, the only player who scores, have the "
            "most. At setup you may choose instead 'at least as many as Frederick' or 'more than "
            "Frederick'. There is no +2 for second place."
        ),
        N_("interpretation, a setup choice"),
    ),
    (
        N_("Titles"),
        N_("Serf below 30 points, Knight from 30, Feudal lord from 50, Duke from 80."),
        N_("solo rules"),
    ),
    (
        N_("Sigeberht"),
        N_(
            "Treated as a Loyalist, though the retail appendix prints him under the "
            "Independents. The End Phase defines the kinds by what they look at: a Loyalist at "
            "Frederick's palace, an Independent at you against Frederick; his condition reads "
            "only Frederick's Grain, like Okechukwu's reads his Stone. As a Loyalist the 20 "
            "tiles split 10 and 10, as the v19 draft's component list says. It matters for cards "
            "that count Allies of one kind (B4 to B6): the colour of your tile decides (orange "
            "Loyalist, teal Independent)."
        ),
        N_("rulebook: End Phase, Ally income; appendix, Allies; draft v19 components"),
    ),
    (
        N_("Mocenigo"),
        N_(
            "Specialists are compared by the board's columns (Countryside, Village, City), "
            "whatever the path: a Specialist of yours in Path B's City, its third space, is "
            "ahead of Frederick's on a Village space of Path A."
        ),
        N_("rulebook appendix and board layout"),
    ),
    (
        N_("City Bonus B"),
        N_("It lets you issue a single Edict (the retail text), not two (the draft)."),
        N_("retail rulebook"),
    ),
    (
        N_("Building on a site"),
        N_(
            "Each Build names a site of your Castle Board. Its cost, its Edict mark, the sides "
            "it closes and the Keep Cover under it come from the board data, not from what is "
            "typed. A Wall needs a built Tower it joins and a Tower a built Wall that joins it; "
            "a side counts as closed only with its Wall and both Towers standing. Games saved "
            "before the board was known go on as they were recorded."
        ),
        N_("core rules; board values assumed"),
    ),
    (
        N_("Discounts on a Build"),
        N_(
            "Card and Workplace discounts (A6, Village II B) and the free or Augustales-only "
            "Builds take Stone and Grain off the site's printed cost, never below nothing; a "
            "Great Structure's Augustales are always paid in full. Great Tower A buys at the "
            "card's usual price, which your Workplace purchase discount still lowers: its bonus "
            "is a Purchase, and Countryside I D lowers every Purchase; the usual price only says "
            "the bonus is not free."
        ),
        N_("rulebook: appendix, Great Tower A and Countryside I D; project decision"),
    ),
    (
        N_("Great Keep"),
        N_(
            "A Great Keep turns over the Keep Cover of its site as it is placed, like any Keep "
            "(draw the cards of a larger hand then), then gives its two promotions, and issues "
            "the Edict every Keep issues, last. Before issue 40 the promotions came first; the "
            "appendix says the Great bonus comes last."
        ),
        N_("rulebook: appendix, Great Structures ('Finally'); Build example 2 (the cover)"),
    ),
    (
        N_("Structures in your castle"),
        N_(
            "Cards that count the Structures in your castle (B10 to B13) count every piece on "
            "your Castle Board, the Tower and Wall placed at setup included."
        ),
        N_("project decision"),
    ),
    (
        N_("Card slots"),
        N_(
            "A card played face down gives one of the two main actions its slot points to, or "
            "both once the Keep cover for it works. The two texts put Build or Summon on "
            "different slots (the retail example on the fourth, the draft on the third); the app "
            "follows the retail text: slot 4 gives Build or Summon, slot 2 the Market. The other "
            "pairs are our guess, marked assumed in the Player Board data, and chosen so every "
            "action has a slot."
        ),
        N_("retail rulebook; assumed: verify"),
    ),
    (
        N_("Summon costs"),
        N_(
            "A Summon costs the Grain shown under the Ally space at your port (3 in Barcelona, "
            "from the retail example; the other ports are assumed), less A16 and Village I C; an "
            "effect that summons without Grain or for Augustales replaces that cost."
        ),
        N_("retail rulebook; assumed: verify"),
    ),
    (
        N_("Marked Ally space"),
        N_(
            "The Edict mark for Allies is printed on one Ally space of your Player Board (not on "
            "the Voyage board); which space is board data, assumed until you check it. The app "
            "takes your Allies to fill the spaces in order, so the Summon whose Ally lands on "
            "the marked space issues the Edict and the Summon dialog does not ask. Games saved "
            "without the Player Board, or before this, keep what was said."
        ),
        N_("core rules (Issue an Edict); project decision"),
    ),
    (
        N_("Values we assumed"),
        N_(
            "The Voyage ports' order and fifth name, the top values of Frederick's tracks and "
            "most Castle Board sites (costs, marks, sides) are not in our rules text: they are "
            "marked assumed and you can change them (the ports at setup). Frederick's piece "
            "counts come from the v19 draft."
        ),
        N_("assumed: verify"),
    ),
    (
        N_("Workplace board"),
        N_(
            "Each Countryside or Village tile carries one level I and one level II ability, so "
            "naming one of its spaces names the other. Our text shows the Grain of just one "
            "arrow (Village to Village, 1 Grain); the other arrows are assumed free, marked "
            "assumed in the board data. Which two spaces hold the Edict tokens is not written "
            "either: the app asks the first time a Specialist arrives."
        ),
        N_("rulebook; assumed: verify"),
    ),
    (
        N_("Buying a card"),
        N_(
            "A card you buy offers its effect at once (you may skip it); a Workplace that "
            "rewards a Purchase, such as Village I B's 3 VP, pays after that effect, for every "
            "Purchase however it came about. The card then joins your hand and can be played "
            "this round."
        ),
        N_("rulebook; project decision"),
    ),
    (
        N_("A card pays for itself"),
        N_(
            "What a card gives lands in your supply before its next step, so a card that gives "
            "Grain and then promotes can pay the arrow with that Grain."
        ),
        N_("project decision"),
    ),
    (
        N_("Refilling your hand"),
        N_(
            "The End Phase draws your hand back up when the round is closed, after the castle "
            "and ally income and the reorganisation, while the rulebook lists the refill first. "
            "Nothing in those steps reads or changes your hand, draw pile or discard pile, so "
            "both orders end the same; after the last round no cards are drawn, since cards in "
            "hand score nothing."
        ),
        N_("rulebook: End Phase, steps a to d; project decision"),
    ),
    (
        N_("Summon bonus and the marked space"),
        N_(
            "A Summon pays its Grain, then the +2 VP of a Workplace that rewards a Summon, then "
            "the Edict of a marked Ally space, as a Build takes its Workplace benefits before "
            "its Edict. The two do not touch each other, so the order changes no count."
        ),
        N_("rulebook: appendix, Workplace tiles; Issue an Edict; project decision"),
    ),
    (
        N_("Frederick's Specialist"),
        N_(
            "His Specialist never removes a Workplace Edict token and issues no Edict there: the "
            "tokens wait for your Specialists."
        ),
        N_("solo rules; project decision"),
    ),
]
"""(topic, decision, source) for each interpretation the app commits to."""
