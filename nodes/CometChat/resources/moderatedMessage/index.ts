import { describeResource } from '../../../shared/operations';
import { getBlocked } from './getBlocked';
import { getFlagged } from './getFlagged';
import { getReviewed } from './getReviewed';
import { reviewBlocked } from './reviewBlocked';
import { reviewFlagged } from './reviewFlagged';

export const moderatedMessageDescription = describeResource(
	'moderatedMessage',
	[getBlocked, getFlagged, getReviewed, reviewBlocked, reviewFlagged],
	'getFlagged',
);
