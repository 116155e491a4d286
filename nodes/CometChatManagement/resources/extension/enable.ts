import { switchOperation } from './switch';

// POST /apps/{appId}/extensions  body {enabled: [<id>...]}  →  {data: {enabled: {<id>: {success, message}}}}
export const enable = switchOperation('enabled', 'Enable');
