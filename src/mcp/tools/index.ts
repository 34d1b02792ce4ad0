// The tools the server offers, in the order a model should consider them. Adding a tool is one entry
// here (a defineTool in its own file).
import { listFilings } from './list-filings.js';
import { listMetadataFilters } from './list-metadata-filters.js';
import { pullFilings } from './pull-filings.js';
import { queryFilings } from './query-filings.js';
import type { Tool } from './tool.js';

export const TOOLS: readonly Tool[] = [queryFilings, listMetadataFilters, listFilings, pullFilings];

export type { Tool, ToolRun } from './tool.js';
