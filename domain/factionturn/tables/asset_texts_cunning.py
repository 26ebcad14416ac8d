"""The rules text of seed 002's Cunning assets, as printed (typos kept): part of `asset_texts.ASSET_TEXTS`."""

from __future__ import annotations

CUNNING_TEXTS: dict[str, str] = {
    "smugglers": (
        "Men and women skilled in transporting people. For one FacGold, the smugglers asset can transport "
        "itself and/or any one Special Forces unit to a region up to two hexes away."
    ),
    "informers": (
        "Minions that lace a regions underworld, watchful for intruders. They can choose to Attack a faction "
        "without specifying a target asset. On a successful Cunning vs. Cunning attack, all stealth assets in"
        " the region belonging to that faction are revealed. Informers can target a faction even if none of "
        "their assets are visible in a region; at worst, they simply learn that there are no stealthed "
        "assets."
    ),
    "false_front": (
        "This asset allows a faction to preserve more valuable resources. If another asset in the region "
        "suffers enough damage to destroy it, the faction can sacrifice the false front instead to nullify "
        "the killing blow."
    ),
    "diplomats": (
        "Usable to block the governmental permission that is sometimes required to buy an asset or transport "
        "it into a region. When a rival faction gains permission to do so, the diplomat can make an immediate"
        " Cunning vs. Cunning test against the faction; if successful, the permission is withdrawn and cannot"
        " be re-attempted until next turn"
    ),
    "arsonists": (
        "Ruffians who skulk in the shadows and strikes against enemy operations with fire and knife. An asset"
        " attacked by Arsonists cannot apply any Use Asset Ability action until the start of the attacking "
        "faction’s next turn. This applies whether or not the attack was successful."
    ),
    "blackmail": (
        "Selectively degrade the effectiveness of an asset. Any attempt to attack or defend against Blackmail"
        " loses any bonus dice earned by tags."
    ),
    "enchanters": (
        "They subvert the leadership of enemy assets. As an action, an Enchanter can travel to any region "
        "within one hex. As an attack, an Enchanter does no damage, but an asset that has been successfully "
        "attacked immediately reveals any other Stealthed assets of that faction in the region. Only Special "
        "Forces units can attack an Enchanter."
    ),
    "master_assassin": (
        "Expert in disguise & poison, a master assassin strikes at the leadership when they least expect it."
    ),
    "stealth": (
        "Not an asset, per se, but a special quality that can be purchased for another Special Forces asset "
        "in the region. An asset that has been Stealthed cannot be detected or attacked by other factions. If"
        " the unit normally requires the permission of a regional government to be moved into a region, that "
        "permission may be foregone. An asset loses its Stealth if it is used to attack or defend."
    ),
    "covert_shipping": (
        "Quiet asset transport in the form of covert rangers, pirate smuggling vessels or innocuous merchant "
        "caravans. Any one Special Forces unit can be moved between any region within three hexes of the "
        "Covert Shipping at the cost of one FacGold."
    ),
    "political_puppets": (
        "Politicians control particular cities or regions… and these politicians are firmly in control of the"
        " faction. Each turn, Political Puppets provides 1 FacGold to its owning faction."
    ),
    "believers": (
        "Followers of the movement are inspired sufficiently to take up arms and fight on behalf of their "
        "leadership, with only shadow informants providing direction, all deniable by the faction if needed."
    ),
    "thieves_guild": (
        "The local guild are alert to the arrival of stealthed units. Whenever a stealthed asset arrives or "
        "is purchased on a region with a thieves guild, the guild make an immediate Cunning vs. Cunning "
        "attack against the owning faction. If successful, the asset loses its stealth as its activates."
    ),
    "agitators": (
        "These assets sap a target’s loyalty and will to obey. For a cost of 1d4 FacGolds, Agitators can "
        "attach themselves to an enemy asset. Until they attach to a different asset or no longer share the "
        "same region, the affected asset cannot attack. If the asset is destroyed, the Agitator survive."
    ),
    "organization_moles": ("These can subvert and confuse enemy assets, striking to damage their cohesion."),
    "illusionists": (
        "A cadre of illusionists or an artifact asset that confuses and misdirects enemy forces. Friendly "
        "fire can be induced with the right interference. If the Illusionists succeeds in defending against "
        "an attack, it can immediately cause the attacking asset to make an attack against itself for normal "
        "damage or counterattack results."
    ),
    "boltholes": (
        "A warren of tunnels, false passages and trapped doors. If a faction Special Forces or Military Unit "
        "asset on the same region as the Boltholes suffers damage sufficient to destroy it, it is instead set"
        " at 0 HP and rendered untouchable and unusable until it is repaired to full strength. If the "
        "Boltholes are destroyed before this happens, the asset is destroyed with them."
    ),
    "trade_embargo": (
        "A collection of merchants that will use their connections, money & influence to ruin deals, delay "
        "goods and generally deny other factions needed supplies. On a successful Cunning vs. Cunning attack "
        "against a rival faction, the rival faction cannot transport assets into that region without spending"
        " 1d4 FacGolds and waiting one turn."
    ),
    "teleportation_circles": (
        "Facilities house magic circles for instant transport and the magic workforce needed to keep them "
        "operational. As an action, any Special Forces assets can be moved between any region within three "
        "hexes of the Teleportation Circles."
    ),
    "demagogue": (
        "Popular leaders of a faith or ideology that can be relied upon to point their followers in the "
        "direction of maximum utility."
    ),
    "popular_movement": (
        "A region-wide surge of enthusiasm for a cause controlled by the faction. This support pervades the "
        "government, and the government always grants any asset purchase or movement requests made by the "
        "faction."
    ),
    "book_of_secrets": (
        "The product of countless hours of espionage, interrogation, magical divination and mind-reading. "
        "Allows uncanny accuracy in predicting the actions of others. Once per turn, a Book of Secrets allows"
        " the faction to reroll one die for an action taken on that region or force an enemy faction to "
        "reroll one die. This reroll can only be forced once per turn, no matter how many Books of Secrets "
        "are owned."
    ),
    "treachery": (
        "Traitors attack an enemy asset. On a successful attack, the Treachery asset is lost, 5 FacGolds are "
        "gained, and the targeted asset switches sides to join the traitor’s faction, even if the faction "
        "does not otherwise have the attributes necessary."
    ),
    "guards_and_wards": (
        "Scrying pools, divinations, alarms and covert investigators monitor all activity in a region. Every "
        "rival Stealthed asset in a region must succeed in a Cunning vs. Cunning test at the beginning of "
        "every turn or lose their Stealth. The owner also gains an additional die on all Cunning attacks and "
        "defenses in that region."
    ),
}
