// Sign-in: a seat's token, kept per campaign (src/lib/session.ts).
export { SignIn } from "./components/SignIn";
