import { createContext } from './src/server/bootstrap';
import { loadConfig } from './src/server/config';
import { openDatabase } from './src/platform/db/client';
void createContext; void loadConfig; void openDatabase;
const m = process.memoryUsage();
console.log('rss', (m.rss/1e6).toFixed(0), 'heapUsed', (m.heapUsed/1e6).toFixed(0), 'heapTotal', (m.heapTotal/1e6).toFixed(0), 'maxRSS', (process.resourceUsage().maxRSS/1e3).toFixed(0));
