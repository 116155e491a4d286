import { describeResource } from '../../../shared/operations';
import { get } from './get';
import { getAll } from './getAll';
import { getTranscriptions } from './getTranscriptions';

export const callDescription = describeResource('call', [get, getAll, getTranscriptions], 'getAll');
