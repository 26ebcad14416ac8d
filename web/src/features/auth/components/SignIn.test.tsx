import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { SignIn } from "./SignIn";

describe("SignIn", () => {
  it("asks for a token and enables sign-in only once one is typed", async () => {
    render(<MemoryRouter><SignIn /></MemoryRouter>);
    const button = screen.getByRole("button", { name: "Sign in" });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/Seat token/), "abc");
    expect(button).toBeEnabled();
  });
});

describe("SignIn with the server", () => {
  it("posts the token for the seat's cookie and shows the server's reason when it is refused", async () => {
    const problem = { status: 401, code: "UNAUTHENTICATED", detail: "this bearer token names no seat" };
    const post = vi.fn(async () => new Response(JSON.stringify(problem), { status: 401 }));
    vi.stubGlobal("fetch", post);
    render(<MemoryRouter><SignIn /></MemoryRouter>);
    await userEvent.type(screen.getByLabelText(/Seat token/), "itg_nothing");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("this bearer token names no seat");
    const [url, init] = post.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, JSON.parse(String(init.body))]).toEqual(["/session", "POST", { token: "itg_nothing" }]);
    vi.unstubAllGlobals();
  }, 20_000);
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe("SignIn, once the seat is kept", () => {
  it("lands straight on the campaign's map, not on a path that redirects there", async () => {
    const seat = { campaignId: "c1", seatId: "s1", role: "GM", name: "GM" };
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(seat), { status: 200 })));
    render(<MemoryRouter initialEntries={["/sign-in"]}><SignIn /><Where /></MemoryRouter>);
    await userEvent.type(screen.getByLabelText(/Seat token/), "itg_gm");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("/campaigns/c1/map")).toBeInTheDocument();
    vi.unstubAllGlobals();
  }, 20_000);
});
