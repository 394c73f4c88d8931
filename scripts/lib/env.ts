import { existsSync } from 'node:fs';

// Settings from a local .env file (see .env.example); variables already set in the environment win.
if (existsSync('.env')) process.loadEnvFile('.env');
