// The optimal assignment of shots to pictures (the Hungarian method): the shots of a video get
// different pictures with the highest total score.

/**
 * The assignment of rows to columns with the least total cost (Hungarian method with potentials,
 * rows ≤ columns); returns the column of each row.
 */
export function cheapestAssignment(cost: number[][], columns: number): number[] {
  const rows = cost.length;
  const rowPotential = new Array<number>(rows + 1).fill(0);
  const columnPotential = new Array<number>(columns + 1).fill(0);
  // rowOfColumn[j] is the 1-based row holding column j (0: free); column 0 is the search's root.
  const rowOfColumn = new Array<number>(columns + 1).fill(0);
  const previous = new Array<number>(columns + 1).fill(0);
  for (let row = 1; row <= rows; row++) {
    rowOfColumn[0] = row;
    let column = 0;
    const slack = new Array<number>(columns + 1).fill(Number.POSITIVE_INFINITY);
    const visited = new Array<boolean>(columns + 1).fill(false);
    do {
      visited[column] = true;
      const currentRow = rowOfColumn[column] ?? 0;
      let delta = Number.POSITIVE_INFINITY;
      let nextColumn = 0;
      for (let j = 1; j <= columns; j++) {
        if (visited[j]) continue;
        const reduced =
          (cost[currentRow - 1]?.[j - 1] ?? 0) -
          (rowPotential[currentRow] ?? 0) -
          (columnPotential[j] ?? 0);
        if (reduced < (slack[j] ?? 0)) {
          slack[j] = reduced;
          previous[j] = column;
        }
        if ((slack[j] ?? 0) < delta) {
          delta = slack[j] ?? 0;
          nextColumn = j;
        }
      }
      for (let j = 0; j <= columns; j++) {
        if (visited[j]) {
          const heldBy = rowOfColumn[j] ?? 0;
          rowPotential[heldBy] = (rowPotential[heldBy] ?? 0) + delta;
          columnPotential[j] = (columnPotential[j] ?? 0) - delta;
        } else {
          slack[j] = (slack[j] ?? 0) - delta;
        }
      }
      column = nextColumn;
    } while ((rowOfColumn[column] ?? 0) !== 0);
    do {
      const before = previous[column] ?? 0;
      rowOfColumn[column] = rowOfColumn[before] ?? 0;
      column = before;
    } while (column !== 0);
  }
  const columnOfRow = new Array<number>(rows).fill(-1);
  for (let j = 1; j <= columns; j++) {
    const row = rowOfColumn[j] ?? 0;
    if (row > 0) columnOfRow[row - 1] = j - 1;
  }
  return columnOfRow;
}
