FROM node:20-slim AS build
WORKDIR /web
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-slim
WORKDIR /web
ENV NODE_ENV=production PORT=3000
COPY --from=build /web ./
EXPOSE 3000
CMD ["npm", "run", "start"]
