"""The rules text of seed 002's Wealth assets, as printed (typos kept): part of `asset_texts.ASSET_TEXTS`."""

from __future__ import annotations

WEALTH_TEXTS: dict[str, str] = {
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
