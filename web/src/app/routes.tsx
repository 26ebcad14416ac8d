// Each campaign screen is its feature's public component; charts load on demand (the charting library is
// the largest dependency, kept out of the first page's bundle).
import { lazy, Suspense } from "react";
import { Route } from "react-router-dom";
import { Loading } from "../components/ui";
import { ChronicleScreen } from "../features/chronicle";
import { MapScreen } from "../features/map";
import { OrdersScreen } from "../features/orders";
import { PhaseScreen, type ResolutionAid } from "../features/phase";
import { SeatsScreen } from "../features/seats";
import { StandingsScreen } from "../features/standings";
import { TableDicePanel, useTableDiceOn } from "../features/tabledice";

// The table's own dice join the phase screen's GM controls (issue 28): composed here, features never import each other.
const TABLE_DICE: ResolutionAid = { Panel: TableDicePanel, useHoldsResolve: useTableDiceOn };
const ChartsScreen = lazy(() => import("../features/charts").then((m) => ({ default: m.ChartsScreen })));

export const campaignRoutes = [
  <Route key="map" path="map" element={<MapScreen />} />,
  <Route key="standings" path="standings" element={<StandingsScreen />} />,
  <Route key="orders" path="orders" element={<OrdersScreen />} />,
  <Route key="phase" path="phase" element={<PhaseScreen aid={TABLE_DICE} />} />,
  <Route
    key="charts"
    path="charts"
    element={<Suspense fallback={<Loading what="charts" />}><ChartsScreen /></Suspense>}
  />,
  <Route key="chronicle" path="chronicle" element={<ChronicleScreen />} />,
  <Route key="seats" path="seats" element={<SeatsScreen />} />,
];
