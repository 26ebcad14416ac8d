// The standings feature's public face: its screen, mounted by src/app/routes.tsx.
export { StandingsScreen } from "./components/StandingsScreen";
