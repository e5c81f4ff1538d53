import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Position } from 'geojson';
import { afterAll, describe, expect, it } from 'vitest';
import { readRoadLinesFromGeoJSON, roadLinesFromFeatures } from '../../../lambdas/core/roads/input';
import { nodeNetwork, type NodedNetwork } from '../../../lambdas/core/roads/noding';
import { road } from './support';

/** The network's pieces as their line and coordinates, in the order made. */
function piecesOf(network: NodedNetwork): { line: number; coordinates: number[][] }[] {
  const pieces = [];
  for (let p = 0; p < network.pieceLine.length; p++) {
    const coordinates = [];
    for (let i = network.pieceStart[p]; i < network.pieceStart[p + 1]; i++) {
      const v = network.pieceVertices[i];
      coordinates.push([network.coords[2 * v], network.coords[2 * v + 1]]);
    }
    pieces.push({ line: network.pieceLine[p], coordinates });
  }
  return pieces;
}

const noded = (...lines: Position[][]) => nodeNetwork(roadLinesFromFeatures(lines.map((coordinates) => road(coordinates))));

describe('noding road lines', () => {
  it('joins lines at a shared position (equal to 1e-7 degrees) and drops a repeated position', () => {
    const network = noded(
      [[148.0, -33.0], [148.0, -33.0], [148.01, -33.0], [148.02, -33.0]],
      [[148.01000000004, -33.0], [148.01, -33.01]],
    );
    expect(piecesOf(network)).toEqual([
      { line: 0, coordinates: [[148.0, -33.0], [148.01, -33.0]] },
      { line: 0, coordinates: [[148.01, -33.0], [148.02, -33.0]] },
      { line: 1, coordinates: [[148.01, -33.0], [148.01, -33.01]] },
    ]);
    expect(network.stats).toEqual({ vertices: 4, endsJoinedToVertex: 0, endsInsertedIntoLines: 0 });
  });

  it('inserts two line ends into one segment in their order along it, whichever line comes first', () => {
    const network = noded(
      [[148.0, -33.0], [148.02, -33.0]],
      [[148.015, -33.01], [148.015, -33.000004]], // ends 0.4 m off the first line, three quarters along
      [[148.005, -33.01], [148.005, -33.000004]], // a quarter along
    );
    expect(piecesOf(network).filter((piece) => piece.line === 0)).toEqual([
      { line: 0, coordinates: [[148.0, -33.0], [148.005, -33.000004]] },
      { line: 0, coordinates: [[148.005, -33.000004], [148.015, -33.000004]] },
      { line: 0, coordinates: [[148.015, -33.000004], [148.02, -33.0]] },
    ]);
    expect(network.stats.endsInsertedIntoLines).toBe(2);
  });

  it('joins a line end within a metre of a vertex to that vertex, at its position', () => {
    const network = noded(
      [[148.0, -33.0], [148.01, -33.0], [148.02, -33.0]],
      [[148.01, -33.01], [148.01, -33.000005]], // 0.55 m from the middle vertex
    );
    expect(piecesOf(network)).toEqual([
      { line: 0, coordinates: [[148.0, -33.0], [148.01, -33.0]] },
      { line: 0, coordinates: [[148.01, -33.0], [148.02, -33.0]] },
      { line: 1, coordinates: [[148.01, -33.01], [148.01, -33.0]] },
    ]);
    expect(network.stats).toMatchObject({ endsJoinedToVertex: 1, endsInsertedIntoLines: 0 });
  });

  it('leaves out a line whose ends both join the same vertex, and leaves the line it touched whole', () => {
    const network = noded(
      [[148.0, -33.0], [148.01, -33.0], [148.02, -33.0]],
      [[148.01, -33.000003], [148.01, -33.000006]],
    );
    expect(piecesOf(network)).toEqual([{ line: 0, coordinates: [[148.0, -33.0], [148.01, -33.0], [148.02, -33.0]] }]);
  });
});

describe('reading road lines from GeoJSON', () => {
  const dir = mkdtempSync(join(tmpdir(), 'road-lines-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('decodes names as UTF-8, cuts positions with an altitude to two numbers and skips invalid ones', () => {
    const file = join(dir, 'roads.geojson');
    const feature = road([[148.0, -33.0, 212], [148.01, 'x', 3] as unknown as Position, [148.01, -33.0]], { name: "Rue de l'Église 🦘" });
    writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features: [feature] }), 'utf8');
    const [line] = readRoadLinesFromGeoJSON(file);
    expect(line.name).toBe("Rue de l'Église 🦘");
    expect(line.coordinates).toEqual([[148.0, -33.0], [148.01, -33.0]]);
  });

  it('reads a plain ASCII file as the same text', () => {
    const file = join(dir, 'ascii.geojson');
    writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features: [road([[148.0, -33.0], [148.01, -33.0]], { name: 'Lachlan Street' })] }));
    expect(readRoadLinesFromGeoJSON(file)[0]).toMatchObject({ name: 'Lachlan Street', coordinates: [[148.0, -33.0], [148.01, -33.0]] });
  });
});
