import { describeResource } from '../../../shared/operations';
import { archive } from './archive';
import { create } from './create';
import { createVersion } from './createVersion';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';
import { updateChannelContent } from './updateChannelContent';

export const templateDescription = describeResource('template', [archive, create, createVersion, get, getAll, update, updateChannelContent], 'getAll');
