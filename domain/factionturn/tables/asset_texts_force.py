"""The rules text of seed 002's Force assets (and the Base of Influence, printed first), as printed (typos kept);
part of `asset_texts.ASSET_TEXTS`."""

from __future__ import annotations

FORCE_TEXTS: dict[str, str] = {
    "base_of_influence": (
        "This asset is special, and is required for purchasing or upgrading units on a particular region. Any"
        " damage done to a Base of Influence is also done to a faction’s hit points. The cost of a Base of "
        "Influence equals its maximum hit points, which can be any number up to the total maximum hit points "
        "of its owning faction. A faction’s bases of influence don’t count against their maximum assets. A "
        "Base of Influence can only be purchased with the Expand Influence action."
    ),
    "guardsmen": (
        "Standard guards pulled from the population, usually equipped with nonlethal weapons or small blades "
        "and trained to keep the peace."
    ),
    "thugs": (
        "Local criminals, paid and crudely equipped, have been aimed at a rival faction’s leadership and "
        "popular supporters. They maim, beat, bruise and intimidate."
    ),
    "militia_unit": ("Levies taken from the populace, lightly-equipped, meagrely trained and no heavy support."),
    "heavy_transports": (
        "These transport galleys and caravan lines allow for the transport of resources from one region to "
        "another. As an action, any one non-vehicle asset, including this one, may be moved to any region "
        "within one hex for one FacGold."
    ),
    "barbarian_hordes": (
        "These lightly-equipped troops are shaped by a brutal life, attack swiftly, leaving nothing but ruin "
        "in their wake."
    ),
    "command_post": (
        "These are the soldiers and logistics people of the faction that have also been trained in defensive fighting."
    ),
    "mob": (
        "Such assets reflect popular support among the locals and they can be riled up for acts of violence "
        "and vandalism when needed."
    ),
    "zealots": (
        "Members of the faction so utterly dedicated that they are willing to launch suicide attacks or hold "
        "positions to the death. Zealots take 1d4 damage every time they launch a successful attack or "
        "perform a counterattack."
    ),
    "cunning_trap": (
        "This asset covers all the myriad stratagems of war, from induced landslides to spreading local diseases."
    ),
    "inquisitors": (
        "These security units specialize in information gathering and rooting out plots, foiling enemy plans "
        "long before they have time to come to fruition."
    ),
    "transport_supply_chain": (
        "A collection of highly trained sailors, merchants and stable supply lines. Capable of moving large "
        "numbers of troops. As an action, the asset may move any number of assets in the region, including "
        "itself, to any region within one hex at a cost of one Cred per asset moved."
    ),
    "extended_supply_lines": (
        "This infrastructure allows for transporting assets long distances. As an action, any one non-vehicle"
        " asset, including itself, can be moved between any two regions within two hexes of the extended "
        "theater, at a cost of 1 FacGold."
    ),
    "warmage_regiment": (
        "Forces composed of defensive fighters backed up by a cadre of war-wizards, bards, clerics or "
        "warlocks. As an action, they can move to any region within one hex of their current location."
    ),
    "regiment": (
        "The backbone of most regional armies, these well-trained soldiers are usually equipped with steel "
        "arms and wooden sheilds, backed up by archers."
    ),
    "bandits": (
        "A ragtag lot of pirates, bandits and local tribes. When they successfully Attack an enemy faction "
        "asset, they steal 1d4 FacGolds from the target faction as well. This theft can occur to a faction "
        "only once per turn, no matter how many Bandits attack. As an action, this asset may also move itself"
        " to a region within one hex."
    ),
    "ruin_excavation": (
        "These assets represent smugglers, magical research and salvage of magic items from an ancient ruin. "
        "As an action, a Ruin Excavation asset allows the owner to buy one Force asset on that region that "
        "requires up to arcana level 5 to purchase. This asset costs half again as many FacGolds as usual, "
        "rounded up. Only one asset can be purchased per turn."
    ),
    "cutthroats": (
        "Combat-trained assassins equipped with potions and enchanted weaponry. Cutthroats automatically "
        "start Stealthed when purchased."
    ),
    "veteran_regiment": (
        "The cream of the crop, Veteran Regiment’s are a mixture of light calvary, soldiers armed with pike’s"
        " and musketeers."
    ),
    "fortress": (
        "Stone walls, counter-siege devices and defensive mages form an array designed to defend against "
        "military units. Fortresses can only defend against Force type assets."
    ),
    "calvary": (
        "These mounted troops are composed of paladins, knights, and other heavily armored, highly trained "
        "warriors. They are capable of fighting effectively against any foe but need to be well supplied."
    ),
    "airship": (
        "These advanced transport ships are capable of moving an asset long distances, powered by a cadre of "
        "mages. As an action, any one asset, including itself, can be moved between any two regions within "
        "three hexes of the Airship, at a cost of 2 FacGolds. This movement can be done even if the local "
        "regional government objects, albeit doing so is usually an act of open war."
    ),
    "warmage_academy": (
        "An institution dedicated to arcane arts used in battle. They can defend only against attacks versus "
        "Cunning, but they add an additional die to the defender’s roll."
    ),
    "shock_troops": (
        "Heavily-armored specialist troops, deployed by small airship transport. As an action, they can move "
        "to any region within one hex of their current location, whether or not the regional government "
        "permits it."
    ),
    "professional_army": (
        "The pride of an empire, this is a collection of phalanxes, archers, calvary, siege engineers, mages,"
        " priests and supply wagons. Professional Armies are expensive to keep together, and cost an "
        "additional 2 FacGolds of maintenance each turn. As an action, they may move to any region within "
        "three hexes of their current location. Regional government permission is required to raise a "
        "professional army, but not to move one into a region."
    ),
}
