// Where the console opens a campaign: its first screen's own path (issue 31, item 4). Landing on `/campaigns/:id`
// instead rendered the frame, then redirected to the map and rendered it again, and a click made between the two
// could be lost (a race test_month_at_the_table met); sign-in, an invite, a new campaign and the list go straight.

/** The screen a campaign opens on; `/campaigns/:id` itself redirects to it. */
export const FIRST_SCREEN = "map";

/** The path of one screen of a campaign, its first screen unless another is named. */
export function campaignPath(campaignId: string, screen: string = FIRST_SCREEN): string {
  return `/campaigns/${campaignId}/${screen}`;
}
