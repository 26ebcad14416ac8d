// The charts feature's public face: its screen, mounted by src/app/routes.tsx.
export { ChartsScreen } from "./components/ChartsScreen";
