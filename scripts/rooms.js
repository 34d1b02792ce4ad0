// npm run rooms: the rooms of src/ and of the engine on their floors, each with the rooms it imports,
// read from the sources now (docs/architecture.md holds the same picture; npm run docs redraws it).
import { fileURLToPath } from 'node:url';
import { drawRooms } from './lib/rooms.js';

console.log(drawRooms(fileURLToPath(new URL('../src', import.meta.url))));
