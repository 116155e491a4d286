// n8n-core lazily writes an instance config (with a random encryption key) into $N8N_USER_FOLDER/.n8n;
// keep it inside the project's ignored cache instead of the developer's home.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const folder = join(__dirname, '..', '..', '.cache', 'n8n-user-folder');
mkdirSync(folder, { recursive: true });
process.env.N8N_USER_FOLDER ??= folder;
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
// n8n's logger prints every node error; the tests assert on those errors instead.
process.env.N8N_LOG_LEVEL ??= 'silent';
