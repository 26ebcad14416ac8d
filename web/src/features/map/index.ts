// The map feature's public face: its screen, mounted by src/app/routes.tsx.
export { MapScreen } from "./components/MapScreen";
