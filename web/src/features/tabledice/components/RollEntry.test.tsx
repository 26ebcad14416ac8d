import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { describeRoll, type TableRoll } from "../model";
import { RollEntry } from "./RollEntry";

const attack: TableRoll = {
  expression: "2d10kh1", count: 2, sides: 10, keepsHighest: true, purpose: "Master Assassin strikes: attack",
  rule: "seed 002, Attack Procedure", rollerId: "crows", roller: "Empresses' Crows", faces: null,
  modifiers: [{ source: "Cunning", value: 4 }],
};

describe("RollEntry", () => {
  it("names who rolls which dice for what, with the modifiers and the rule", () => {
    expect(describeRoll(attack)).toBe("Empresses' Crows rolls 2d10, keep the highest for Master Assassin strikes: attack, +4 Cunning");
    render(<RollEntry roll={attack} number={3} busy={false} focus={false} onEnter={vi.fn()} />);
    expect(screen.getByTestId("next-roll")).toHaveTextContent("Roll 3: Empresses' Crows rolls 2d10, keep the highest");
    expect(screen.getByTestId("next-roll")).toHaveTextContent("(seed 002, Attack Procedure)");
  });

  it("takes one face per die by keyboard and hands them over on Enter", async () => {
    const onEnter = vi.fn();
    render(<RollEntry roll={attack} number={1} busy={false} focus onEnter={onEnter} />);
    const first = screen.getByLabelText("Die 1 of 2 (d10)");
    expect(first).toHaveFocus();
    await userEvent.keyboard("7");
    await userEvent.tab();
    expect(screen.getByLabelText("Die 2 of 2 (d10)")).toHaveFocus();
    await userEvent.keyboard("10{Enter}");
    expect(onEnter).toHaveBeenCalledWith([7, 10]);
  });
});
