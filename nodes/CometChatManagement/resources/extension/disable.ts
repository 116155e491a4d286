import { switchOperation } from './fields';

// POST /apps/{appId}/extensions  body {disabled: [<id>...]}  →  {data: {disabled: {<id>: {success, message}}}}
export const disable = switchOperation('disabled', 'Disable');
