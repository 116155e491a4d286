import { describeResource } from '../../shared/operations';
import { send } from './send';

export const messageDescription = describeResource('message', [send], 'send');
