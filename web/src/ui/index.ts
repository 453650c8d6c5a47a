export { Badge, type BadgeTone, StatusPill } from "./Badge";
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from "./Button";
export { Card } from "./Card";
export { DELIVERY_STATUSES, type DeliveryStatus, DeliveryStatusPill } from "./DeliveryStatusPill";
export { EmptyState, type HeadingLevel } from "./EmptyState";
export { IconButton, type IconButtonProps } from "./IconButton";
export { LinkButton } from "./LinkButton";
export { PageHeader } from "./PageHeader";
export * from "./icons";
export { Skeleton } from "./Skeleton";
export {
  ListToolbar,
  matchesSearch,
  RowCheckbox,
  runForEach,
  SearchBox,
  SelectAllCheckbox,
  type Selection,
  type Sort,
  SortableHeader,
  type SortDirection,
  sortRows,
  useDebounced,
  useSelection,
} from "./DataList";
