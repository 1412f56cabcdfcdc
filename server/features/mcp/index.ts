// The MCP feature's public face: the /mcp routes, an MCP server for agents signed in with an API
// key (docs/automation.md).
export { MCP_PATH, type McpDeps, mcpRoutes } from './routes';
