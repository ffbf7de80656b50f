import sharp from 'sharp';
import zlib from 'node:zlib';
let t=Date.now();
// zlib streaming
const W=20000,H=20000;
const row=Buffer.alloc(W+1);
const d=zlib.createDeflate({level:9});
const chunks=[];d.on('data',c=>chunks.push(c));
for(let i=0;i<H;i++) d.write(row);
await new Promise(r=>d.end(r));
const idat=Buffer.concat(chunks);
console.log('zlib', Date.now()-t, idat.length);
t=Date.now();
const png = await sharp({create:{width:W,height:H,channels:3,background:'#fff'}, limitInputPixels:false}).png({compressionLevel:9, palette:true}).toBuffer();
console.log('sharp', Date.now()-t, png.length);
const m = await sharp(png).metadata(); console.log(m.width,m.height,m.format);
try { await sharp(png, {limitInputPixels: 50_000_000}).resize(64).toBuffer(); } catch(e){ console.log('err', e.message); }
