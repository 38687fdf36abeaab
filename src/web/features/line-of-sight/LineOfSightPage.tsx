import AddLocationAlt from '@mui/icons-material/AddLocationAlt';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import type { FeatureCollection } from 'geojson';
import { useEffect, useMemo, useState } from 'react';
import { parseCoordinates } from '../../../common/coordinates.js';
import { ApiError } from '../../api/ApiError.js';
import type { LatLng } from '../../map/mapTypes.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { useTowers } from '../towers/index.js';
import { candidateReachSentence } from './candidateReach.js';
import { useClutterAreaShapes, useGeocodeLocation, useLineOfSight, useTerrainTiles } from './lineOfSightQueries.js';
import { clutterAreaEntries, clutterClassesPresent } from './losClutter.js';
import { LosClutterAreas } from './LosClutterAreas.js';
import { shownTowerId } from './losFormat.js';
import { LosMap } from './LosMap.js';
import { activeTowers } from './losMapLayers.js';
import { LosResultsPanel } from './LosResultsPanel.js';
import type { LosRequest } from './losSearch.js';
import { DEFAULT_TARGET_HEIGHT_TEXT, formatTarget, LOS_MESSAGES, sameRequest, targetHeightOf, towerIdsParam } from './losSearch.js';
import { LosSearchForm } from './LosSearchForm.js';
import { ProfileCard } from './ProfileCard.js';
import { TerrainCard } from './TerrainCard.js';
import { WhatIfDialog } from './WhatIfDialog.js';
import { waitlistedSpotsSummary, whatIfSummary } from './whatIfForm.js';

/** A What if candidate shown on the map, with what it would reach. */
interface Candidate {
  point: LatLng;
  areas: FeatureCollection;
  summary: string;
}

/** A refused request (4xx) carries a message written for people; anything else gets the catalogue text. */
function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500 && error.message ? error.message : fallback;
}

/** /admin/line-of-sight ("Line of Sight"). */
export function LineOfSightPage() {
  const towers = useTowers();
  const tiles = useTerrainTiles();
  const clutter = useClutterAreaShapes();
  const [showClutter, setShowClutter] = useState(true);
  const geocode = useGeocodeLocation();
  const [search, setSearch] = useState('');
  const [heightText, setHeightText] = useState(DEFAULT_TARGET_HEIGHT_TEXT);
  const [selectedTowerIds, setSelectedTowerIds] = useState<number[]>([]);
  const [pinDrop, setPinDrop] = useState(false);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [request, setRequest] = useState<LosRequest | null>(null);
  const [targetLabel, setTargetLabel] = useState<string | null>(null);
  const [chosenTower, setChosenTower] = useState<number | null>(null);
  const [whatIfOpen, setWhatIfOpen] = useState(false);
  const [candidate, setCandidate] = useState<Candidate | null>(null);
  const analysis = useLineOfSight(request);

  const active = useMemo(() => activeTowers(towers.data ?? []), [towers.data]);
  const target: LatLng | null = useMemo(() => (request ? { lat: request.lat, lng: request.lng } : null), [request]);
  const result = analysis.data;
  const selectedId = shownTowerId(result, chosenTower);
  const selectedLink = result?.results.find((link) => link.tower_id === selectedId) ?? null;
  const clutterAreas = useMemo(() => clutterAreaEntries(clutter.data), [clutter.data]);
  const clutterClasses = useMemo(() => clutterClassesPresent(clutterAreas), [clutterAreas]);
  const candidateReach = useMemo(() => (candidate ? candidateReachSentence(candidate.areas, target) : null), [candidate, target]);

  useEffect(() => {
    if (towers.isError) console.error('Failed to fetch towers', towers.error);
  }, [towers.isError, towers.error]);

  /** Analyses `point` with the height and filter now in the form; the same inputs again re-run it. */
  const analyse = (point: LatLng, label: string | null) => {
    const height = targetHeightOf(heightText);
    if (Number(heightText) !== height || heightText.trim() === '') setHeightText(String(height));
    const next: LosRequest = {
      lat: point.lat,
      lng: point.lng,
      height,
      towerIds: towerIdsParam(
        selectedTowerIds,
        active.map((tower) => tower.id),
      ),
    };
    setTargetLabel(label);
    setChosenTower(null);
    if (sameRequest(next, request)) void analysis.refetch();
    else setRequest(next);
  };

  const onAnalyze = () => {
    const text = search.trim();
    if (text === '') return;
    setSearchError(null);
    const parsed = parseCoordinates(text);
    if (parsed.kind === 'coordinates') {
      analyse(parsed.point, null);
      return;
    }
    if (parsed.kind === 'invalid') {
      setSearchError(parsed.message);
      return;
    }
    geocode.mutate(text, {
      onSuccess: (place) => analyse({ lat: place.lat, lng: place.lng }, place.label),
      onError: (error) =>
        setSearchError(error instanceof ApiError && error.status === 404 ? LOS_MESSAGES.locationNotFound : serverMessage(error, LOS_MESSAGES.searchFailed)),
    });
  };

  /** A click in pin-drop mode sets the target, fills the search box, runs the analysis and ends the mode. */
  const onPinDrop = (point: LatLng) => {
    setSearch(formatTarget(point));
    setSearchError(null);
    setPinDrop(false);
    analyse(point, null);
  };

  const busy = geocode.isPending || analysis.isFetching;
  return (
    <>
      <AdminPageHeading title="Line of Sight" subtitle="Which towers see a location over the terrain, with the expected signal at the roof." />
      <LosSearchForm
        search={search}
        onSearchChange={(value) => {
          setSearch(value);
          setSearchError(null);
        }}
        heightText={heightText}
        onHeightChange={setHeightText}
        towers={active}
        selectedTowerIds={selectedTowerIds}
        onSelectedTowersChange={setSelectedTowerIds}
        busy={busy}
        onAnalyze={onAnalyze}
        pinDrop={pinDrop}
        onPinDropChange={setPinDrop}
        error={searchError}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Button variant="outlined" startIcon={<AddLocationAlt />} onClick={() => setWhatIfOpen(true)} sx={{ flexShrink: 0 }}>
          What if…
        </Button>
        {candidate && (
          <Alert
            severity="info"
            role="status"
            sx={{ flex: 1 }}
            action={
              <Button color="inherit" size="small" onClick={() => setCandidate(null)}>
                Clear
              </Button>
            }
          >
            Candidate tower at {formatTarget(candidate.point)}: {candidate.summary}
            {candidateReach && ` ${candidateReach}`}
          </Alert>
        )}
      </Stack>
      {whatIfOpen && (
        <WhatIfDialog
          start={target}
          onClose={() => setWhatIfOpen(false)}
          onComputed={(input, computed) =>
            setCandidate({
              point: { lat: input.latitude, lng: input.longitude },
              areas: computed.areas as FeatureCollection,
              summary: `${whatIfSummary(computed, input.coverage_radius_km)} ${waitlistedSpotsSummary(computed, input.coverage_radius_km)}`,
            })
          }
        />
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <LosMap
            candidate={candidate}
            towers={towers.data ?? []}
            result={result}
            target={target}
            selectedId={selectedId}
            tiles={tiles.data ?? []}
            pinDrop={pinDrop}
            onPinDrop={onPinDrop}
            onSelectTower={setChosenTower}
            clutter={clutter.data as FeatureCollection | undefined}
            clutterClasses={clutterClasses}
            showClutter={showClutter}
          />
          <LosClutterAreas areas={clutterAreas} shown={showClutter} onShownChange={setShowClutter} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <LosResultsPanel
            requested={request !== null}
            loading={analysis.isFetching}
            error={analysis.isError ? serverMessage(analysis.error, LOS_MESSAGES.analysisFailed) : null}
            result={result}
            targetLabel={targetLabel}
            height={request?.height ?? null}
            selectedId={selectedId}
            onSelect={setChosenTower}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          <ProfileCard link={selectedLink} />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <TerrainCard />
        </Grid>
      </Grid>
    </>
  );
}
