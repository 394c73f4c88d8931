import { existsSync } from 'node:fs';
import { enableEmbeddedDatabase } from '../../src/data/embedded';

// Settings from a local .env file (see .env.example); variables already set in the environment win.
if (existsSync('.env')) process.loadEnvFile('.env');

// Every script is a local runtime: it may open the embedded database, and so may the functions `npm start` runs in
// this process (deployed functions cannot: src/data/open.ts).
enableEmbeddedDatabase();
