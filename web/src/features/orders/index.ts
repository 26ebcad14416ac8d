// The orders feature's public face: its screen, mounted by src/app/routes.tsx.
export { OrdersScreen } from "./components/OrdersScreen";
