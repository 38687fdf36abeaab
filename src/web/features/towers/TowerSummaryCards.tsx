import CellTower from '@mui/icons-material/CellTower';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DoNotDisturbOnOutlined from '@mui/icons-material/DoNotDisturbOnOutlined';
import RadarOutlined from '@mui/icons-material/RadarOutlined';
import Grid from '@mui/material/Grid';
import { StatCard } from '../../ui/StatCard.js';
import { formatNumber, type TowerSummary } from './towerFormat.js';

/** The summary cards: Total Towers, Active Towers, Inactive Towers, Total Coverage (km). */
export function TowerSummaryCards({ summary }: { summary: TowerSummary }) {
  const cards = [
    { title: 'Total Towers', value: String(summary.total), icon: <CellTower />, color: 'primary.main' },
    { title: 'Active Towers', value: String(summary.active), icon: <CheckCircleOutlined />, color: 'success.main' },
    { title: 'Inactive Towers', value: String(summary.inactive), icon: <DoNotDisturbOnOutlined />, color: 'text.secondary' },
    { title: 'Total Coverage (km)', value: formatNumber(summary.coverageKm, 1), icon: <RadarOutlined />, color: 'info.main' },
  ];
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      {cards.map((card) => (
        <Grid key={card.title} size={{ xs: 6, md: 3 }}>
          <StatCard {...card} />
        </Grid>
      ))}
    </Grid>
  );
}
