"""The registry's texts for the two rule systems and the GM's hand
(service/entrypoints/graphql/core/descriptions.py)."""

from __future__ import annotations

from typing import Final

from service.entrypoints.graphql.core.description_texts_on import on as _on

SECRET = " Null unless you are its own seat or the GM."

PLAY: Final[dict[str, str]] = {
    # ---- the Faction Turn (seed 002) -------------------------------------------------------------------------
    **_on(
        "Mutation",
        foundExampleFaction__example="The Example Faction's name as the seed prints it.",
        foundExampleFaction__homeRegionId="The id of the region that becomes its home.",
        foundExampleFaction__name="Its name; the example's when null.",
        generateFactions__count="How many factions: 3-6.",
        generateFactions__names="Their names; drawn when null.",
    ),
    # ---- the Game of Bones (seed 000) ------------------------------------------------------------------------
    **_on(
        "CharacterInput",
        _="A leader or lieutenant: name, level, skills.",
        name="The character's name, as actions will name their `actor`.",
        level="Their character level, or a monster's Hit Dice (a whole number, 1 or more).",
        skills="Their skill modifiers, added to the checks of the actions they lead.",
    ),
    **_on(
        "SkillInput",
        _="A character's modifier in one skill, added to a d20 check with it.",
        skill="The skill's name as the seed writes it (Gather Information, Bluff…).",
        modifier="The modifier added to a d20 check with this skill (may be negative).",
    ),
    **_on(
        "ClassLevelInput",
        _="A class and its levels.",
        characterClass="The character class (fighter, wizard…) as the Gaining Power table names it.",
        level="How many levels the member has in this class (1-20).",
    ),
    **_on(
        "MemberInput",
        _="Someone who gives the house power.",
        name="The member's name (a soldier, wizard or other of the house's people).",
        classes="Their character classes with levels in each, as the Gaining Power table reads them.",
    ),
    **_on(
        "PriestInput",
        _="A priest or priestess.",
        name="The priest's name, as the house's list shows it.",
        level="The priest's level (1-20), which sets the influence they bring (seed 000).",
        fatespinnerPriestess="Whether a Fatespinner priestess.",
    ),
    **_on(
        "StartingAreaInput",
        _="A city area the house starts with, and troops in it.",
        areaId="The id of the city area the house holds from the start.",
        troops="The power it stations in the area from the start (at most the house's power).",
    ),
    **_on(
        "RegisterHouseInput",
        _="A house to register: leader, gold, people, influence, power and areas.",
        name="The house's name, unique within its campaign.",
        leader="Its leader (seed 000), with their level and skills.",
        gold="The gold (gp) in its treasury to start with.",
        lieutenants="Its lieutenants (seed 000), each with their level and skills.",
        members="Those who give it power.",
        priests="Its priests and priestesses.",
        influence="The GM's grant of influence to start with, beyond what the tables give.",
        power="The GM's grant of power to start with, beyond what its members give.",
        areas="The city areas it starts with.",
    ),
    **_on(
        "HouseOrderInput",
        targetHouseId="The house it targets, if any.",
        targetCharacter="The character it targets, if any.",
        areaIds="The ids of the city areas it concerns (`Area.id`): one for Assault, Troop Movements and Wrest "
        "Control.",
        power="The power it commits, 0 or more (an Assault commits some).",
        toAreaId="Where troops go, if they move.",
        startWeek="The week of the month (1-4) it starts in.",
    ),
    **_on(
        "Mutation",
        appointLieutenant="Appoint a lieutenant to the house (GM only).",
        appointLieutenant__lieutenant="The character appointed, with their level and skills.",
        dismissMember="Dismiss a member from the house.",
        dismissMember__name="The name of the member who leaves the house.",
        updateCharacter__character="The character, as it is now.",
        enlistMember__name="The name of the member who joins the house.",
        enlistMember__classes="Their classes and levels.",
        addPriest__priest="The priest or priestess.",
        gainInfluence__source="The Gaining Influence row: spy, tavern, blackmail, kill, magic_item.",
        gainInfluence__actor="Who rolls; the leader when null.",
        gainInfluence__units="How many of the row.",
        gainInfluence__discovered="Whether the GM rules it discovered.",
        stationTroops__power="The power to station; negative withdraws.",
        moveTroops__power="The power to move.",
        moveTroops__fromAreaId="The area they leave.",
        moveTroops__toAreaId="The area they go to.",
        huntAttackSource__attackId="The attack's knowledge entry.",
    ),
    # ---- the GM's hand ---------------------------------------------------------------------------------------
    **_on(
        "Mutation",
        defineAssetType__input="The asset type to define for this campaign, with its numbers.",
        defineCustomAction__input="The custom action to define for this campaign: its cost, check and effects.",
        resolveAssetAdventure__outcome="destroy, damage, heal, reveal or stealth.",
        resolveAssetAdventure__amount="The damage or healing.",
        createAsset__typeKey="The asset type's key.",
        createAsset__stealthed="Whether it starts Stealthed.",
        transferAsset__fromFactionId="The id of the faction that owns the asset now.",
        transferAsset__toFactionId="The id of the faction that receives the asset.",
        setBaseOfInfluence__hp="Its HP; 0 removes it.",
        decideFate__name="The leader's or lieutenant's name.",
        decideFate__fate="dead, captured or active.",
        imposeHouseCircumstance__hook="'Throwing Rank around' or 'lieutenants' assistance'.",
        imposeHouseCircumstance__value="The penalty or bonus.",
        imposeHouseCircumstance__applies="What it applies to, as the house's circumstances say.",
        imposeHouseCircumstance__months="How many months it lasts.",
        imposeHouseCircumstance__actions="The actions it is limited to; null or empty for all.",
        settleHouseAction__result="How the GM settles it: FOILED or SUCCEEDED.",
        adjust__targetId="The faction or house.",
        adjust__field="The field to change.",
        adjust__value="The amount (adjust) or the value (set).",
        adjust__mode="ADJUST adds `value` to the field; SET makes the field `value`.",
        orderCustomAction__key="The custom action's key.",
        orderHouseCustomAction__key="The custom action's key.",
        orderHouseCustomAction__actor="The character who acts.",
    ),
    # ---- a seat's phase report -------------------------------------------------------------------------------
}
