import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// waitFor and findBy* wait for a state and go on as soon as it holds; their limit only ends a wait that never would
// (issue 31: a wait is for a state, never a fixed time). Testing Library's default of 1 s is too short on a busy machine.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => cleanup());
