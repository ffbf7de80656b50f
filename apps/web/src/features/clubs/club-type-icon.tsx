import LocationCityIcon from '@mui/icons-material/LocationCity';
import FlagIcon from '@mui/icons-material/Flag';
import LanguageIcon from '@mui/icons-material/Language';
import PublicIcon from '@mui/icons-material/Public';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { ClubType } from '@bpw/domain/enums/club-type';

const icons = {
  [ClubType.regional]: LocationCityIcon,
  [ClubType.national]: FlagIcon,
  [ClubType.continental]: PublicIcon,
  [ClubType.worldwide]: LanguageIcon,
} as const;

/** The club type's icon; decorative, the type's name is always written beside it. */
export function ClubTypeIcon({ clubType, ...props }: SvgIconProps & { clubType: number }) {
  const Icon = icons[clubType as ClubType] ?? LocationCityIcon;
  return <Icon aria-hidden {...props} />;
}
