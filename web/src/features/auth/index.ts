// Sign-in: a seat's token, kept per campaign (src/lib/session.ts); a seat the server refuses, said once.
export { SignIn } from "./components/SignIn";
export { refusedSeat, SeatGate, SeatRefused } from "./components/SeatGate";
