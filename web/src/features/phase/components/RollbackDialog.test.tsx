import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Provider, type Client } from "urql";
import { fromValue } from "wonka";
import { describe, expect, it, vi } from "vitest";
import type { RollbackPreviewQuery } from "../../../graphql/generated";
import { RollbackDialog } from "./RollbackDialog";

const preview: RollbackPreviewQuery = {
  rollbackPreview: {
    phase: 2, phases: [2, 3], events: 41,
    results: [{ phase: 2, memberId: "crows", action: "Attack", outcome: "The Crows strike the Republic" }],
    orders: [{ phase: 3, memberId: "varn", action: "Spy" }],
  },
};
const names = (id: string) => ({ crows: "Empresses' Crows", varn: "House Varn" })[id] ?? id;

function renderDialog(onClose = vi.fn(), onConfirm = vi.fn()) {
  const client = { executeQuery: () => fromValue({ data: preview }) } as unknown as Client;
  render(
    <Provider value={client}>
      <button type="button">Roll back…</button>
      <RollbackDialog campaignId="c" phase={2} reason="a misread order" names={names} busy={false} onConfirm={onConfirm} onClose={onClose} />
    </Provider>,
  );
  return { onClose, onConfirm };
}

describe("RollbackDialog", () => {
  it("names the phase and every phase, result and order it will undo, as the API previews them", async () => {
    renderDialog();
    const dialog = screen.getByRole("dialog", { name: "Roll back phase 2?" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    await waitFor(() => expect(screen.getByTestId("rollback-undoes")).toBeInTheDocument());
    const undoes = screen.getByTestId("rollback-undoes");
    expect(undoes).toHaveTextContent("Phase 2 opens again");
    expect(undoes).toHaveTextContent("phase 3 is undone too");
    expect(undoes).toHaveTextContent("41 events");
    expect(screen.getByRole("list", { name: "Results undone" })).toHaveTextContent("Empresses' Crows — Attack: The Crows strike the Republic");
    expect(screen.getByRole("list", { name: "Orders taken back" })).toHaveTextContent("Phase 3: House Varn — Spy");
    expect(undoes).toHaveTextContent("a misread order");
  });

  it("keeps focus inside, closes on Escape, and confirms from the keyboard", async () => {
    const { onClose, onConfirm } = renderDialog();
    const cancel = screen.getByRole("button", { name: "Cancel" });
    expect(cancel).toHaveFocus();
    const confirm = screen.getByRole("button", { name: "Roll back phase 2" });
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.tab();
    expect(confirm).toHaveFocus();
    await userEvent.tab(); // wraps to the first, never to the page behind
    expect(cancel).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(confirm).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(onConfirm).toHaveBeenCalledOnce();
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledOnce();
  });
});
