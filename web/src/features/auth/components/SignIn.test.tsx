import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
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
