// The table's own dice (issue 28): the GM's dice entry, mounted in the phase screen's GM controls.
export { TableDicePanel, useTableDiceOn } from "./components/TableDicePanel";
