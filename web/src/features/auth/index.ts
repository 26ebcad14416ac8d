// Sign-in: a seat's token, kept per campaign (src/lib/session.ts); an invite link; a seat the server refuses, said once.
export { JoinInvite } from "./components/JoinInvite";
export { SignIn } from "./components/SignIn";
export { refusedSeat, SeatGate, SeatRefused } from "./components/SeatGate";
