// The chronicle feature's public face: its screen, mounted by src/app/routes.tsx.
export { ChronicleScreen } from "./components/ChronicleScreen";
