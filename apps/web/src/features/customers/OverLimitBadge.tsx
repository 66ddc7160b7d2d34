import { StatusBadge } from '../../components/StatusBadge.tsx';

/** A customer who owes more than their credit limit (an offline sale, or one a manager let through). */
export const OverLimitBadge = () => <StatusBadge label="Over limit" color="red" />;
