// The phase feature's public face: its screen, mounted by src/app/routes.tsx.
export { PhaseScreen } from "./components/PhaseScreen";
