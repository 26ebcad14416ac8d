import { describe, expect, it } from "vitest";
import { inviteLink, takeInviteToken } from "./session";

describe("invite links (issue 28, item 5)", () => {
  it("carry the token in the fragment, taken out of the address bar as it is read", () => {
    const link = new URL(inviteLink("itg_a+b/c"));
    expect(link.pathname).toBe("/join");
    expect(link.search).toBe("");
    window.history.pushState(null, "", `${link.pathname}${link.hash}`);
    const length = window.history.length;
    expect(takeInviteToken()).toBe("itg_a+b/c");
    expect(window.location.hash).toBe("");
    expect(window.location.href).not.toContain("itg_");
    expect(window.history.length).toBe(length); // replaced, not a new entry holding the token
    expect(takeInviteToken()).toBeNull(); // read once
  });
});
