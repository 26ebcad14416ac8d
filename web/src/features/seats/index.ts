// Seats: the GM's screen to seat players and observers, and the frame's view-as toggle.
export { SeatsScreen } from "./components/SeatsScreen";
export { ViewAsToggle } from "./components/ViewAsToggle";
