import { describe, expect, it } from 'vitest';
import {
  ambientPadGraph,
  concatArgs,
  concatList,
  encoderArgs,
  escapeFilterValue,
  fitArgs,
  formatNumber,
  type ScenePlan,
  sceneArgs,
  testPatternArgs,
  thumbnailArgs,
} from './arguments';

const ENCODER = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
  '-r',
  '30',
  '-force_key_frames',
  '1.8',
  '-threads',
  '2',
  '-c:a',
  'aac',
  '-b:a',
  '128k',
  '-ar',
  '48000',
  '-ac',
  '2',
  '-movflags',
  '+faststart',
];

const chord = { frequencies: [110, 164.81], weights: [1, 0.7] };
const PAD =
  'sine=f=110:r=48000:d=8[pad0l];sine=f=110.44:r=48000:d=8[pad0r];' +
  'sine=f=164.81:r=48000:d=8[pad1l];sine=f=165.4692:r=48000:d=8[pad1r];' +
  '[pad0l][pad1l]amix=inputs=2:weights=1 0.7[padleft];' +
  '[pad0r][pad1r]amix=inputs=2:weights=1 0.7[padright];' +
  '[padleft][padright]join=inputs=2:channel_layout=stereo,lowpass=f=2400,' +
  'tremolo=f=0.2:d=0.35,volume=1.8,afade=t=in:st=0:d=1,afade=t=out:st=6.8:d=1.2,' +
  'aformat=sample_rates=48000:channel_layouts=stereo[audio]';

describe('encoderArgs', () => {
  it('is the one encoding every clip shares', () => {
    expect(encoderArgs(2)).toEqual(ENCODER);
    expect(encoderArgs(1)).toContain('1');
  });
});

describe('escapeFilterValue', () => {
  it('leaves plain values alone', () => {
    expect(escapeFilterValue('/tmp/scene-1/caption-1.txt')).toBe('/tmp/scene-1/caption-1.txt');
    expect(escapeFilterValue('white@0.7')).toBe('white@0.7');
  });

  it('escapes colons and quotes for the option parser, then again for the graph parser', () => {
    expect(escapeFilterValue('a:b')).toBe(String.raw`a\\:b`);
    expect(escapeFilterValue("it's")).toBe(String.raw`it\\\'s`);
    expect(escapeFilterValue(String.raw`C:\dir`)).toBe(String.raw`C\\:\\\\dir`);
  });

  it('escapes the characters that split filters and chains', () => {
    expect(escapeFilterValue('50%, ok; [x]')).toBe(String.raw`50%\, ok\; \[x\]`);
    expect(escapeFilterValue('if(lt(t,1),0,1)')).toBe(String.raw`if(lt(t\,1)\,0\,1)`);
  });
});

describe('formatNumber', () => {
  it('writes numbers the way ffmpeg expressions read them', () => {
    expect(formatNumber(8)).toBe('8');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(165.46924)).toBe('165.4692');
    expect(formatNumber(-0.00001)).toBe('0');
    expect(formatNumber(1e-7)).toBe('0');
  });
});

describe('ambientPadGraph', () => {
  it('plays each note detuned left and right, mixed, filtered and faded', () => {
    expect(ambientPadGraph(chord, 8, '[audio]')).toBe(PAD);
  });
});

describe('sceneArgs', () => {
  const base: ScenePlan = {
    outputFile: '/work/scene.mp4',
    width: 1280,
    height: 720,
    durationSeconds: 8,
    fadeSeconds: 0.3,
    threads: 2,
    background: {
      kind: 'gradient',
      file: '/work/bg.ppm',
      width: 1536,
      height: 864,
      from: { x: 20, y: 100 },
      to: { x: 236, y: 44 },
    },
    lights: [],
    stills: [],
    chord,
  };
  const tail = [
    '-map',
    '[video]',
    '-map',
    '[audio]',
    ...ENCODER,
    '-t',
    '8',
    '-y',
    '/work/scene.mp4',
  ];
  const finish = '[layer0]fade=t=in:st=0:d=0.3,fade=t=out:st=7.7:d=0.3,format=yuv420p[video]';

  it('pans a gradient still scaled once', () => {
    expect(sceneArgs(base)).toEqual([
      '-i',
      '/work/bg.ppm',
      '-filter_complex',
      '[0:v]scale=1536:864:flags=bicubic,format=yuv420p,loop=loop=-1:size=1,setpts=N/30/TB,' +
        `crop=1280:720:x=20+216*t/8:y=100-56*t/8[layer0];${finish};${PAD}`,
      ...tail,
    ]);
  });

  it('zooms and pans a photo with zoompan after one scale to the cover size, at 15 steps a second', () => {
    const plan: ScenePlan = {
      ...base,
      background: {
        kind: 'image',
        file: '/in/photo.jpg',
        coverWidth: 1434,
        coverHeight: 806,
        zoomFrom: 1,
        zoomTo: 1.12,
        focusFrom: { x: 0.5, y: 0.5 },
        focusTo: { x: 0.3, y: 0.6 },
      },
    };
    expect(sceneArgs(plan)).toEqual([
      '-i',
      '/in/photo.jpg',
      '-filter_complex',
      '[0:v]trim=end_frame=1,' +
        'scale=1434:806:force_original_aspect_ratio=increase:flags=lanczos,crop=1434:806,' +
        'setsar=1,format=yuv420p,zoompan=z=1+0.12*on/120:' +
        'x=floor((0.5-0.2*on/120)*(iw-floor(iw/zoom))):' +
        'y=floor((0.5+0.1*on/120)*(ih-floor(ih/zoom))):d=121:s=1280x720:fps=15,fps=30[layer0];' +
        `${finish};${PAD}`,
      ...tail,
    ]);
  });

  it('layers lights and lettered stills, each read from its own input', () => {
    const plan: ScenePlan = {
      ...base,
      lights: [
        { file: '/work/light.pam', size: 576, from: { x: -100, y: 50 }, to: { x: 200, y: 50 } },
      ],
      stills: [
        {
          file: '/work/box.pam',
          x: 200,
          y: 500,
          width: 880,
          height: 120,
          window: { from: 0.5, to: 7.5, fade: 0.45 },
          texts: [
            {
              textFile: "/work/it's: 1.txt",
              fontFile: '/fonts/Inter.ttf',
              fontSize: 38,
              colour: 'white',
              align: 'centre',
              x: 440,
              baseline: 50,
              shadow: false,
            },
          ],
        },
        {
          file: '/work/mark.pam',
          x: 1100,
          y: 650,
          width: 140,
          height: 36,
          window: null,
          texts: [
            {
              textFile: '/work/mark.txt',
              fontFile: '/fonts/Inter.ttf',
              fontSize: 24,
              colour: 'white@0.7',
              align: 'right',
              x: 130,
              baseline: 25,
              shadow: true,
            },
          ],
        },
      ],
    };
    const graph = [
      '[0:v]scale=1536:864:flags=bicubic,format=yuv420p,loop=loop=-1:size=1,setpts=N/30/TB,' +
        'crop=1280:720:x=20+216*t/8:y=100-56*t/8[layer0]',
      '[1:v]scale=576:576:flags=bicubic,format=yuva420p[input1]',
      '[layer0][input1]overlay=x=-100+300*t/8:y=50[layer1]',
      '[2:v]scale=880:120:flags=bicubic,format=yuva420p,' +
        String.raw`drawtext=fontfile=/fonts/Inter.ttf:textfile=/work/it\\\'s\\: 1.txt:` +
        'expansion=none:fontsize=38:fontcolor=white:x=440-text_w/2:y=50-ascent,' +
        'loop=loop=209:size=1,setpts=N/30/TB+0.5/TB,' +
        'fade=t=in:st=0.5:d=0.45:alpha=1,fade=t=out:st=7.05:d=0.45:alpha=1[input2]',
      '[layer1][input2]overlay=x=200:y=500:eof_action=pass[layer2]',
      '[3:v]scale=140:36:flags=bicubic,format=yuva420p,' +
        'drawtext=fontfile=/fonts/Inter.ttf:textfile=/work/mark.txt:expansion=none:fontsize=24:' +
        'fontcolor=white@0.7:x=130-text_w:y=25-ascent:shadowcolor=black@0.45:shadowx=0:shadowy=1' +
        '[input3]',
      '[layer2][input3]overlay=x=1100:y=650[layer3]',
      '[layer3]fade=t=in:st=0:d=0.3,fade=t=out:st=7.7:d=0.3,format=yuv420p[video]',
      PAD,
    ].join(';');
    expect(sceneArgs(plan)).toEqual([
      '-i',
      '/work/bg.ppm',
      '-i',
      '/work/light.pam',
      '-i',
      '/work/box.pam',
      '-i',
      '/work/mark.pam',
      '-filter_complex',
      graph,
      ...tail,
    ]);
  });
});

describe('joining, thumbnails and the bench floor', () => {
  it('lists clips for the concat demuxer, quoting any path literally', () => {
    expect(concatList(['/a/scene-1.mp4', "/b/it's.mp4"])).toBe(
      "file '/a/scene-1.mp4'\nfile '/b/it'\\''s.mp4'\n",
    );
  });

  it('joins by stream copy, moov atom first', () => {
    expect(concatArgs('/w/clips.txt', '/w/video.mp4')).toEqual([
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      '/w/clips.txt',
      '-map',
      '0:v',
      '-map',
      '0:a?',
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      '-y',
      '/w/video.mp4',
    ]);
  });

  it('takes one JPEG frame, seeking before the input', () => {
    expect(thumbnailArgs('/w/video.mp4', '/w/thumb.jpg', 2)).toEqual([
      '-ss',
      '2',
      '-i',
      '/w/video.mp4',
      '-frames:v',
      '1',
      '-an',
      '-c:v',
      'mjpeg',
      '-q:v',
      '3',
      '-f',
      'image2',
      '-update',
      '1',
      '-y',
      '/w/thumb.jpg',
    ]);
    expect(thumbnailArgs('/w/v.mp4', '/w/t.jpg', -1)[1]).toBe('0');
  });

  it('encodes testsrc2 with the same settings and pad as a scene', () => {
    expect(
      testPatternArgs({
        outputFile: '/w/bare.mp4',
        width: 720,
        height: 1280,
        durationSeconds: 8,
        chord,
        threads: 2,
      }),
    ).toEqual([
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=720x1280:r=30:d=8',
      '-filter_complex',
      PAD,
      '-map',
      '0:v',
      '-map',
      '[audio]',
      ...ENCODER,
      '-t',
      '8',
      '-y',
      '/w/bare.mp4',
    ]);
  });
});

describe('fitArgs', () => {
  it('letterboxes into the target size with the shared encoding', () => {
    expect(fitArgs('/in/scene.mp4', '/out/fit.mp4', { width: 1280, height: 720 }, 2)).toEqual([
      '-i',
      '/in/scene.mp4',
      '-vf',
      'scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1',
      ...encoderArgs(2),
      '-f',
      'mp4',
      '-y',
      '/out/fit.mp4',
    ]);
  });
});
