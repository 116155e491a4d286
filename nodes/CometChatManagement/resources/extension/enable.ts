import { switchOperation } from './fields';

// POST /apps/{appId}/extensions  body {enabled: [<id>...]}  →  {data: {enabled: {<id>: {success, message}}}}
export const enable = switchOperation('enabled', 'Enable');
