// The tools /mcp offers, in the order tools/list shows them.
import { createInvoiceBatch } from './batch-tool.ts';
import { listDocuments } from './documents-tool.ts';
import { calculateInvoice, createInvoice } from './invoice-tools.ts';
import type { McpTool } from './mcp-tool.ts';
import { listOptions } from './options-tool.ts';
import { getUsage } from './usage-tool.ts';
import { validateInvoiceTool } from './validate-tool.ts';

export const MCP_TOOLS: readonly McpTool[] = [
  calculateInvoice,
  createInvoice,
  createInvoiceBatch,
  validateInvoiceTool,
  getUsage,
  listOptions,
  listDocuments,
];
