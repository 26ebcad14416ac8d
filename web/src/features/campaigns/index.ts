// Campaigns: the list and creating one.
export { CampaignList } from "./components/CampaignList";
