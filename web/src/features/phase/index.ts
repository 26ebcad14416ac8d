// The phase feature's public face: its screen, mounted by src/app/routes.tsx.
export { PhaseScreen, type ResolutionAid } from "./components/PhaseScreen";
