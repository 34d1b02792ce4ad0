// Types of scripts/lib/rooms.js (shared by test/layering.test.ts and scripts/rooms.js).
/** A file and the files its relative specifiers resolve to (paths relative to the folder read). */
export type Graph = Map<string, string[]>;
export type Floors = readonly (readonly string[])[];
export const SRC_FLOORS: Floors;
export const ENGINE_ENTRIES: readonly string[];
export const ENGINE_FLOORS: Floors;
export function filesUnder(dir: string): string[];
export function importsOf(source: string): string[];
export function graphOf(root: string): Graph;
export function roomOf(path: string, prefix?: string): string | undefined;
export function upwardImports(graph: Graph, floors: Floors, prefix?: string): string[];
export function circles(edges: Map<string, Set<string>>): string[][];
export function roomEdges(graph: Graph, prefix?: string): Map<string, Set<string>>;
export function engineModulesUsedOutside(graph: Graph): Set<string>;
export const ROOM_FACES: Record<string, string>;
export function facesBypassed(graph: Graph): string[];
export function drawRooms(src: string): string;
export function withRooms(text: string, src: string): string;
