"""The rules text of every asset type: its description in seed 002's Asset List, transcribed as printed
(typos kept). Descriptions headed by another spelling (Arcane Scholars, Cavalry, Demagogues …) belong to the row
that spelling names in `catalog.ALIASES`."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

ASSET_TEXTS: Mapping[str, str] = MappingProxyType(
    {
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
            "These are the soldiers and logistics people of the faction that have also been trained in defensive "
            "fighting."
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
        "franchise": (
            "This asset reflects a deniable connection with a local licensee for the faction’s goods and "
            "services. When a Franchise successfully attacks a enemy asset, the enemy faction loses one FacGold. "
            "(if available), which is gained by the Franchise’s owner. This loss can happen only once a turn, no "
            "matter how many Franchises attack."
        ),
        "indentured_workforce": (
            "These gather the natural resources of a region, either farming, mining or wood cutting. As an "
            "action, the Indentured Workforce’s owning faction may roll 1d6. On 3+, gain one FacGold."
        ),
        "local_investments": (
            "These give the faction substantial influence over the commerce on a region. Any other faction that "
            "tries to buy an asset on that region must pay one extra FacGold. This money is not given to the "
            "investments’ owner, but is lost. This penalty is only applied once."
        ),
        "heavy_shipping_contract": (
            "A special link with galleon fleets and trade route magnates. As an action, the faction may move any "
            "one non-Force asset, including this one, to any region within two hexes at a cost of one FacGold."
        ),
        "lawyers": (
            "Sophists in immaculate silks or charismatic tribal skalds, lawyers have the ability to tie an enemy "
            "up in the coils of their own internal rules, damaging assets with confusion and red tape. Lawyers "
            "cannot attack or counterattack Force assets."
        ),
        "guild_thugs": (
            "These bruisers don’t much like people muscling in on their trade, and they’re willing to take the "
            "faction’s word on which people are doing this. They’re lightly armed and poorly trained, but they "
            "can infiltrate to perform sabotage."
        ),
        "surveyors": (
            "Explore potential resource and investment options in a region. The presence of a Surveyor allows one"
            " additional die to be rolled on Expand Influence actions. As an action, a surveyor can be moved to "
            "any region within two hexes."
        ),
        "industry": (
            "As an action, the owning faction can roll 1d6 for a Industry asset. On a 1, one FacGold is lost, on "
            "a 2-4 one FacGold is earned, and a 5-6 returns two FacGolds. If money is lost and no resources are "
            "available to pay it, the Industry is destroyed."
        ),
        "arcane_laboratory": (
            "The lab allows a region to make hesitant progress in the arcane arts. The presence of a Laboratory "
            "allows assets to be purchased on that region as if it had Arcana Level 4."
        ),
        "mercenaries": (
            "Groups of well-equipped, highly-trained soldiers willing to serve the highest bidder. Mercenaries "
            "have a maintenance cost of one FacGold per turn. As an action, Mercenaries can move to any region "
            "within one hex of their current location. To purchase or move into a Mercenary asset in a region "
            "requires government permission."
        ),
        "airship_fleet": (
            "These airships are sleek and fast, with light arms. As an action, an Airship Fleet can transfer "
            "itself or any one Military Unit or Special Forces to a region within three hexes for a cost of two "
            "FacGolds. They can even move units that would otherwise require regional government permission to "
            "enter."
        ),
        "monopoly": (
            "An open or tacit stranglehold on certain vital businesses or resources in a region. As an action, "
            "owners of a monopoly may force one other faction with unstealthed assets on that region to pay them "
            "one FacGold. If the target faction can’t pay, they lose one asset of their choice on the region."
        ),
        "cathedral": (
            "Salvage and repair damaged assets. Once between turns, if a Special Forces or Military Unit asset on"
            " the region is destroyed, the faction may immediately pay half its purchase cost to restore it with "
            "one hit point. Any Repair Asset action taken in this region costs one less FacGold for Special "
            "Forces and Military Units."
        ),
        "treasure_vault": (
            "Once per turn, the faction can ignore one cost or FacGold loss imposed by another faction. This does"
            " not require an action. Multiple Treasure Vaults allow multiple losses to be ignored."
        ),
        "confidence_men": (
            "Deployed to confuse enemy factions into untimely investments. As an action, the confidence men may "
            "test Cunning vs. Wealth against a rival faction’s asset. If successful, the target faction must "
            "immediately pay half the asset’s purchase cost, rounded down, or have it become disabled and useless"
            " until this price is paid."
        ),
        "arcane_researchers": (
            "A highly versatile team of research and teachers capable of supporting limited arcane advacements…as"
            " long as they’re adequately funded. Any region with Arcane Scholars on it is treated as arcana level"
            " 5 for the purpose of buying Cunning and Wealth assets. Arcane Scholars have a maintenance cost of 1"
            " FacGold per turn."
        ),
        "skyfortress": (
            "Transport large amounts of equipment and personnel between regions on herds of a garguantan "
            "skyvessel. As an action, the Skyfortress may move any number of assets, including itself, to any "
            "region within two hexes at a cost of one FacGold per asset."
        ),
        "risky_investments": (
            "This asset grows resources out of seemingly nowhere, harvesting the best of entrepreneurship for the"
            " faction’s benefit. As an action, risky investments can be tapped. 1d8 is rolled; on a 1, the asset "
            "is destroyed, while on a 2-3 one FacGold is gained, 4-7 yields two FacGolds and 8 grants three "
            "FacGolds."
        ),
        "guild_agents": (
            "Highly trained agents from successful guilds allow the smooth extension of wealth-creation and "
            "industrial principles to the farthest reaches of the faction’s operations. A faction with Guild "
            "Agents may treat all regions as having arcana level 4 for purposes of buying Wealth assets."
        ),
        "trade_broker": (
            "They substantially lessen the cost of large-scale investments by buying goods when they are cheap "
            "and arranging bulk discounts. As an action, the owner of a Trade Broker can roll 1d8; that many "
            "FacGolds are subtracted from the cost of their next asset purchase, down to a minimum of half normal"
            " price, rounded down."
        ),
        "arcane_industry": (
            "Rare, precious examples of applying magic to produce goods and services. As an action, the owning "
            "faction can roll 1d8 for a Arcane Industry, and gain half that many FacGolds, rounded up."
        ),
        "hostile_takeover": (
            "This asset can seize control of damaged and poorly-controlled assets. If a Hostile Takeover does "
            "enough damage to destroy an asset, the target is instead reduced to 1 hit point and acquired by the "
            "Hostile Takeover’s owning faction."
        ),
        "teleportation_web": (
            "These facilities allow almost effortless relocation of all assets. For one FacGold, any number of "
            "non-vehicle Cunning or Wealth assets may be moved between any two regions within three hexes of the "
            "Teleportation Web. This may be done freely on the owner’s turn so long as the fee can be paid, and "
            "using the ability doesn’t require an action."
        ),
        "trade_cartel": (
            "This rag-tag alliance of merchant lords, slavers, mercenaries and extra-planar beings bring enormous"
            " reach and influence to their patrons, and enough hired swords to solve most other problems. As an "
            "action, a Trade Cartel can be moved to any region within three hexes. Trade Cartel's cost 2 FacGolds"
            " a turn in maintenance."
        ),
    }
)
