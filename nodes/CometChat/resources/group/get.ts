import { groupLocator, onBehalfOfOption, optionsCollection, pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { simplify, simplifyField, unwrapData } from '../../../shared/output';
import { SIMPLE_GROUP_FIELDS } from './fields';

// GET /groups/{guid}  →  {data: <group>}; with onBehalfOf the group also carries that user's scope,
//   joinedAt and hasJoined when they are a member.
export const get = defineOperation(
	'group',
	{
		name: 'Get',
		value: 'get',
		action: 'Get a group',
		description: 'Get one group by its GUID',
		routing: {
			request: { method: 'GET', url: `=/groups/${pathId('guid')}` },
			output: { postReceive: [unwrapData, simplify(SIMPLE_GROUP_FIELDS)] },
		},
	},
	[
		groupLocator('guid', 'Group', 'The group'),
		simplifyField,
		optionsCollection([
			onBehalfOfOption('UID of a user to look at the group as: the output then says whether they joined and with which scope'),
		]),
	],
);
